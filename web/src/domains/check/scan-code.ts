/** What a scan of a machine gave: its code, or the id in the link of its QR label (/printQRcode). */
export type ScannedMachine = { code: string } | { id: number };

/** The machine record card's path in a label's link (equipment/route-type detailPath). */
const RECORD_CARD = /\/equipment\/ledger\/detail\/(\d+)(?:[/?#]|$)/;

/**
 * Reads a scan: a machine label's QR holds a link to the machine's record card, a bar code or a typed text holds
 * the machine's code. Blank gives null.
 */
export function readScan(text: string): ScannedMachine | null {
  const value = text.trim();
  if (!value) return null;
  const card = RECORD_CARD.exec(value);
  if (card && /^https?:\/\/|^\//.test(value)) return { id: Number(card[1]) };
  return { code: value };
}

interface DetectedCode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(image: ImageBitmapSource): Promise<DetectedCode[]>;
}
type DetectorClass = new (options?: { formats?: string[] }) => BarcodeDetectorLike;

/** The browser's bar code reader (Chrome on Android, Safari on iOS 17+), when it has one. */
export const barcodeDetector = (): DetectorClass | null =>
  typeof window !== 'undefined' && 'BarcodeDetector' in window
    ? (window as unknown as { BarcodeDetector: DetectorClass }).BarcodeDetector
    : null;

/** The first code in a photo (the camera's picture of a label), or null when the photo holds none. */
export async function codeInPhoto(file: Blob): Promise<string | null> {
  const Detector = barcodeDetector();
  if (!Detector) return null;
  const bitmap = await createImageBitmap(file);
  try {
    const found = await new Detector().detect(bitmap);
    return found[0]?.rawValue ?? null;
  } finally {
    bitmap.close();
  }
}
