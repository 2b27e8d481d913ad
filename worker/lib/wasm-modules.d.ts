// `.wasm` imports: wrangler (and vitest-pool-workers) bundle them as compiled WebAssembly modules.
declare module '*.wasm' {
  const module: WebAssembly.Module;
  export default module;
}
