import { saveBlob } from '@/lib/client/save-blob';

/**
 * Saves an <svg> as a PNG: serialised, loaded as an image, drawn on a canvas at twice its size,
 * and handed to the browser as a download (html-to-image is not a dependency; this is all it takes).
 */
export const saveSvgAsPng = async ({ svg, filename }: { svg: SVGSVGElement; filename: string }) => {
  const width = svg.width.baseVal.value;
  const height = svg.height.baseVal.value;
  const markup = new XMLSerializer().serializeToString(svg);
  const source = URL.createObjectURL(new Blob([markup], { type: 'image/svg+xml;charset=utf-8' }));
  try {
    const image = new Image();
    image.decoding = 'async';
    image.src = source;
    await image.decode();
    const scale = 2;
    const canvas = document.createElement('canvas');
    canvas.width = Math.ceil(width * scale);
    canvas.height = Math.ceil(height * scale);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('无法创建画布');
    context.scale(scale, scale);
    context.drawImage(image, 0, 0, width, height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    if (!blob) throw new Error('无法生成图片');
    saveBlob({ blob, filename });
  } finally {
    URL.revokeObjectURL(source);
  }
};
