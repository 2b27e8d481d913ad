/**
 * The WebP decoder's WASM, imported as a module (wrangler and vitest-pool-workers bundle `.wasm`
 * imports as CompiledWasm), so it is part of the Worker bundle and never fetched at runtime.
 * Kept apart from phash.ts so Node scripts (the bench) can hand phash.ts a module compiled from the file.
 */
import webpDecWasm from '@jsquash/webp/codec/dec/webp_dec.wasm';

export default webpDecWasm;
