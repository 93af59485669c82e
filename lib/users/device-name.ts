// Shared by server and browser: a short Chinese-friendly name for a User-Agent string.

const BROWSERS: [RegExp, string][] = [
  [/MicroMessenger\//, '微信'],
  [/Edg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/OPR\/(\d+)/, 'Opera'],
  [/Firefox\/(\d+)/, 'Firefox'],
  [/(?:Chrome|CriOS)\/(\d+)/, 'Chrome'],
  [/Version\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/HarmonyOS/, 'HarmonyOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/** "Chrome 131 · Windows", "Safari 17 · iOS"; '未知设备' when nothing is recognised. */
export const deviceName = (userAgent: string) => {
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent));
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent));
  const version = browser ? browser[0].exec(userAgent)?.[1] : undefined;
  const browserText = browser ? `${browser[1]}${version ? ` ${version}` : ''}` : '';
  const parts = [browserText, system?.[1] ?? ''].filter(Boolean);
  return parts.length ? parts.join(' · ') : '未知设备';
};
