/**
 * WebP files for tests, encoded in workerd by @jsquash/webp's encoder (libwebp in WASM). The encoder's
 * module is imported as compiled WASM (SIMD build when the runtime has SIMD, as workerd does).
 */
import encode, { init } from '@jsquash/webp/encode';
import type { EncodeOptions } from '@jsquash/webp/meta';
import encWasm from '@jsquash/webp/codec/enc/webp_enc.wasm';
import encSimdWasm from '@jsquash/webp/codec/enc/webp_enc_simd.wasm';
import { simd } from 'wasm-feature-detect';

let ready: Promise<unknown> | null = null;

export const toWebp = async (img: { width: number; height: number; data: Uint8Array }, options: Partial<EncodeOptions> = {}) => {
  ready ??= simd().then((hasSimd) => (init as (m: WebAssembly.Module) => Promise<unknown>)(hasSimd ? encSimdWasm : encWasm));
  await ready;
  const data = { width: img.width, height: img.height, data: new Uint8ClampedArray(img.data.buffer, img.data.byteOffset, img.data.byteLength), colorSpace: 'srgb' } as ImageData;
  return new Uint8Array(await encode(data, options));
};
