import { createHash } from 'node:crypto';

const NAMESPACE = Buffer.from('6f1c2c4e8d7a4b3f9e215a1b2c3d4e5f', 'hex');

/** A UUID v5 (name-based, SHA-1) in this product's namespace: the same name always gives the same id. */
export function uuidFor(name: string): string {
  const h = createHash('sha1').update(NAMESPACE).update(name).digest();
  h[6] = (h[6]! & 0x0f) | 0x50;
  h[8] = (h[8]! & 0x3f) | 0x80;
  const x = h.subarray(0, 16).toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}
