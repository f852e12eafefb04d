// The dynamic graphs' random numbers: sfc32 seeded with four outputs of the xmur3a
// string hash, in 32-bit wrapping arithmetic, as FamilyB/PseudoRandom.swift.

/** xmur3a: a MurmurHash3-style mix of a string's UTF-16 code units, then a stream of seeds. */
function stringHash(text) {
  let h = 2166136261 | 0;
  for (let i = 0; i < text.length; i++) {
    let k = Math.imul(text.charCodeAt(i), 3432918353);
    k = (k << 15) | (k >>> 17);
    h ^= Math.imul(k, 461845907);
    h = (h << 13) | (h >>> 19);
    h = (Math.imul(h, 5) + 3864292196) | 0;
  }
  h ^= text.length;
  return () => {
    h ^= h >>> 16;
    h = Math.imul(h, 2246822507);
    h ^= h >>> 13;
    h = Math.imul(h, 3266489909);
    h ^= h >>> 16;
    return h >>> 0;
  };
}

/** sfc32 (from PractRand), returning numbers in [0, 1) with 32 bits of randomness. */
export function pseudoRandom(seed = "seed") {
  const hash = stringHash(seed);
  let a = hash() | 0;
  let b = hash() | 0;
  let c = hash() | 0;
  let d = hash() | 0;
  return () => {
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
}

/** Fails the run if the generator's first outputs differ from the reference harness's. */
export function checkPseudoRandom(checkEqual) {
  const random = pseudoRandom();
  const first = [random(), random(), random(), random()];
  checkEqual(
    first,
    [0.8370377509854734, 0.35816134908236563, 0.12195610790513456, 0.486986321862787],
    "sfc32 first outputs",
  );
}
