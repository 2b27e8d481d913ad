/**
 * API responses the worker inlined into the page (<script id="sel-boot">, see worker/lib/page-boot.ts):
 * the first GETs of a guest's first page are answered from here instead of the network, once each.
 * Signed-in visitors never use them (the worker renders them for a guest).
 */
let entries: Map<string, unknown> | undefined;

function read(): Map<string, unknown> {
  const map = new Map<string, unknown>();
  if (typeof document === 'undefined') return map;
  const script = document.getElementById('sel-boot');
  if (!script?.textContent) return map;
  // the service worker keeps these answers for offline use once it runs (features/offline, decision 025)
  (window as { selBoot?: string }).selBoot = script.textContent;
  try {
    const parsed: unknown = JSON.parse(script.textContent);
    if (parsed && typeof parsed === 'object') for (const [key, value] of Object.entries(parsed)) map.set(key, value);
  } catch {
    // a damaged payload is no worse than none: the app fetches as usual
  }
  script.remove();
  return map;
}

/** The inlined response for this request key (path after /api plus query string), at most once. */
export function takeBootData(key: string): { data: unknown } | undefined {
  entries ??= read();
  if (!entries.has(key)) return undefined;
  const data = entries.get(key);
  entries.delete(key);
  return { data };
}

