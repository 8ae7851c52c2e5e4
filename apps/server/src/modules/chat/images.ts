import sharp from 'sharp';
import { CHAT_IMAGE_MAX_PX, CHAT_MAX_IMAGE_BYTES } from '@learn/shared';
import { validationError } from '../../platform/errors.js';

export const NOT_AN_IMAGE = 'Only image files (JPEG, PNG, WebP or GIF) can be sent.';
export const IMAGE_TOO_BIG = 'The image is larger than 5 MB. Choose a smaller one.';

/** The kind of image the bytes are, by their first bytes (never by the name or the declared type). */
export function sniffImage(buf: Buffer): 'jpeg' | 'png' | 'webp' | 'gif' | null {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpeg';
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (buf.length >= 12 && buf.toString('latin1', 0, 4) === 'RIFF' && buf.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  if (buf.length >= 6 && /^GIF8[79]a$/.test(buf.toString('latin1', 0, 6))) return 'gif';
  return null;
}

/**
 * Re-encodes an upload to a fresh JPEG: only the decoded pixels survive (no metadata, no trailing bytes,
 * nothing hidden), at most 1600 px on a side. Pixel bombs are refused before decoding (limitInputPixels).
 */
export async function reencode(buf: Buffer): Promise<Buffer> {
  if (buf.length > CHAT_MAX_IMAGE_BYTES) throw validationError(IMAGE_TOO_BIG);
  const kind = sniffImage(buf);
  if (!kind) throw validationError(NOT_AN_IMAGE);
  try {
    return await sharp(buf, { limitInputPixels: 40e6, failOn: 'error', animated: false })
      .rotate()
      .resize({ width: CHAT_IMAGE_MAX_PX, height: CHAT_IMAGE_MAX_PX, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 82, mozjpeg: false })
      .toBuffer();
  } catch {
    throw validationError('The image could not be read. Try another one.');
  }
}
