// The stored-XSS corpus of tests/e2e/xss-corpus.spec.ts. Every payload, if it ever ran, would set
// window.__x (top.__x from inside a frame) to its number; the spec asserts that never happens.
// Sources: the OWASP XSS filter evasion cheat sheet, PortSwigger's XSS cheat sheet, and the
// advisories of other CMSs and editors (named per line) — the classes that made news.

export type Payload = { id: number; source: string; text: string };

const RAW: [number, string, string][] = [
  [1, 'plain script tag', '<script>__x=1</script>'],
  [2, 'img onerror', '<img src=x onerror="__x=2">'],
  [3, 'attribute breakout (double quote)', '"><img src=x onerror=__x=3>'],
  [4, 'attribute breakout (single quote) into svg onload', "'><svg onload=__x=4>"],
  [
    5,
    'SVG animate onbegin (Strapi / Directus SVG advisories)',
    '<svg><animate onbegin=__x=5 attributeName=x dur=1s>',
  ],
  [
    6,
    'mXSS: math/mtext/table/mglyph/style (DOMPurify 2.0.17 bypass)',
    '<math><mtext><table><mglyph><style><img src=x onerror=__x=6>',
  ],
  [7, 'iframe srcdoc', '<iframe srcdoc="<script>top.__x=7</script>"></iframe>'],
  [8, 'javascript: link (Payload CMS rich-text link advisory)', '<a href="javascript:__x=8">链接8</a>'],
  [9, 'entity-obfuscated jav&#x09;ascript:', '<a href="jav&#x09;ascript:__x=9">链接9</a>'],
  [10, 'data:text/html link', '<a href="data:text/html,<script>top.__x=10</script>">链接10</a>'],
  [11, 'AngularJS/Vue template injection', "{{constructor.constructor('__x=11')()}}"],
  [
    12,
    'mXSS: noscript title (DOMPurify 2.0.0 bypass)',
    '<noscript><p title="</noscript><img src=x onerror=__x=12>">',
  ],
  [13, 'details ontoggle (no interaction needed)', '<details open ontoggle=__x=13>'],
  [14, 'mXSS: svg/style namespace confusion', '<svg></p><style><a id="</style><img src=x onerror=__x=14>">'],
  [15, 'object data javascript:', '<object data="javascript:__x=15"></object>'],
  [16, 'embed base64 html', '<embed src="data:text/html;base64,PHNjcmlwdD50b3AuX194PTE2PC9zY3JpcHQ+">'],
  [17, 'form button formaction', '<form><button formaction="javascript:__x=17">按钮17</button></form>'],
  [18, 'autofocus onfocus', '<input autofocus onfocus=__x=18>'],
  [19, 'video source onerror', '<video><source onerror="__x=19"></video>'],
  [20, 'body onload', '<body onload=__x=20>'],
  [
    21,
    'svg xlink:href javascript:',
    '<svg><a xlink:href="javascript:__x=21"><text y=20>链接21</text></a></svg>',
  ],
  [22, 'textarea breakout', '</textarea><script>__x=22</script>'],
  [23, 'bare javascript: URL', 'javascript:__x=23'],
  [24, 'comment breakout mXSS', '<!--<img src="--><img src=x onerror=__x=24//">'],
  [
    25,
    'decimal-entity javascript: link',
    '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;__x=25">链接25</a>',
  ],
  [26, 'entity control character before scheme', '<a href=" &#14;javascript:__x=26">链接26</a>'],
  [27, 'meta refresh javascript:', '<meta http-equiv="refresh" content="0;url=javascript:__x=27">'],
  [28, 'title breakout (the document title)', '</title><svg onload=__x=28>'],
  [29, 'style breakout', '</style><img src=x onerror=__x=29>'],
  [30, 'marquee onstart', '<marquee onstart=__x=30>'],
  [31, 'img src with tab-obfuscated scheme', '<img src="jav\tascript:__x=31">'],
  [32, 'markdown-style link', '[链接32](javascript:__x=32)'],
  [33, 'TinyMCE data-mce mXSS', '<img src="x" data-mce-src="x" onerror="__x=33">'],
  [34, 'CKEditor 4 iframe protected-source mXSS', '<p><!--{cke_protected}--><img src=x onerror=__x=34></p>'],
  [35, 'base href hijack', '<base href="javascript:/a/-__x=35//">'],
  [36, 'React-style dangerouslySetInnerHTML key', '{"__html":"<img src=x onerror=__x=36>"}'],
  [37, 'style url javascript:', '<p style="background:url(javascript:__x=37)">样式37</p>'],
  [38, 'ES template literal', '${__x=38}'],
  [39, 'HTML-escaped payload that unescaping would revive', '&lt;img src=x onerror=__x=39&gt;'],
  [40, 'select/option breakout', '</option></select><img src=x onerror=__x=40>'],
];

export const PAYLOADS: Payload[] = RAW.map(([id, source, text]) => ({ id, source, text }));

/** Payloads that fit a field of `max` characters. */
export const payloadsWithin = (max: number) => PAYLOADS.filter((payload) => payload.text.length <= max);

/** The `index`-th payload that fits `max` characters (rotating), so each short field gets a different one. */
export const payloadFor = (max: number, index: number) => {
  const fitting = payloadsWithin(max);
  return fitting[index % fitting.length].text;
};

/** As many payloads as fit in `max` characters, joined (for title-sized fields). */
export const payloadsUpTo = (max: number, offset = 0) => {
  let text = '';
  for (let i = 0; i < PAYLOADS.length; i += 1) {
    const next = PAYLOADS[(i + offset) % PAYLOADS.length].text;
    if (text.length + next.length + 1 > max) continue;
    text += (text ? ' ' : '') + next;
  }
  return text;
};

/** Every payload, one per line (for long text and rich text). */
export const ALL_PAYLOADS = PAYLOADS.map((payload) => payload.text).join('\n');
