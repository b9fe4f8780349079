import { realisticLabelKeys } from "./realisticResources.ts";
import { labelKeys } from "./vocabulary.ts";

// Label sets and selectors' matchLabels: objects keyed by label keys. Most keys come from the
// vocabularies; one in seven is drawn fresh (labelKey.ts), and in V8 an object given a key never
// seen before gets a new hidden class and a transition from the previous one, every time: building
// such an object cost about three times building one of vocabulary keys (drawing a label set took
// 2.3 µs, of which 0.75 µs drawing its entries; 1.0 µs so). An object that holds a fresh key is built in
// dictionary mode at once, as V8 makes of an object given many keys, with Object.prototype as a
// literal has: the same keys, values, order and prototype, stored otherwise.
const shared = new Set<string>([...labelKeys, ...realisticLabelKeys]);

/**
 * An empty object to hold keys, a dictionary-mode one when `fresh`: a literal of two keys with
 * the first deleted (which normalises it, to a map V8 shares among such objects) and then the
 * second. A null-prototype object given Object.prototype, as this was made before, got a map of
 * its own each time: 3.5-5.5 µs an object of a fresh key where this takes 1-2 µs.
 */
function empty(fresh: boolean): Record<string, string> {
  if (!fresh) return {};
  const obj: Record<string, string> = { a: "", b: "" };
  delete obj.a;
  delete obj.b;
  return obj;
}

/** obj[k] = v as a literal, a spread or Object.fromEntries defines it ("__proto__" an own key, not the prototype). */
export function defineOwn<V>(obj: Record<string, V>, k: string, v: V): void {
  if (k === "__proto__")
    Object.defineProperty(obj, k, { value: v, enumerable: true, configurable: true, writable: true });
  else obj[k] = v;
}

/** The object of these entries (keys unique), in order. */
export function labelObject(entries: readonly (readonly [string, string])[]): Record<string, string> {
  let fresh = false;
  for (const e of entries) if (!shared.has(e[0])) fresh = true;
  const obj = empty(fresh);
  for (const [k, v] of entries) defineOwn(obj, k, v);
  return obj;
}

/** withLabel(labelObject(entries), key, value), built once. */
export function labelObjectWith(
  entries: readonly (readonly [string, string])[],
  key: string,
  value: string,
): Record<string, string> {
  let fresh = !shared.has(key);
  for (const e of entries) if (!shared.has(e[0])) fresh = true;
  const obj = empty(fresh);
  for (const [k, v] of entries) defineOwn(obj, k, v);
  defineOwn(obj, key, value);
  return obj;
}

/** { ...labels, [key]: value }, built as labelObject builds. */
export function withLabel(
  labels: Readonly<Record<string, string>>,
  key: string,
  value: string,
): Record<string, string> {
  const keys = Object.keys(labels);
  let fresh = !shared.has(key);
  for (const k of keys) if (!shared.has(k)) fresh = true;
  const obj = empty(fresh);
  for (const k of keys) defineOwn(obj, k, labels[k] as string);
  defineOwn(obj, key, value);
  return obj;
}
