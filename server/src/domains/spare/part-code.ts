/** A part label's QR holds "SP:<code>"; a typed or barcode-scanned code is taken as it is. */
export const partCodeOf = (scanned: string): string => scanned.trim().replace(/^SP:/, '');
