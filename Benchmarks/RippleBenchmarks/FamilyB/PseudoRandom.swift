// The dynamic graphs' random numbers: sfc32 (from PractRand) seeded with four
// outputs of the xmur3a string hash, in 32-bit wrapping arithmetic, so that the same
// seed builds the same graph as the JavaScript harness.

/// sfc32, returning doubles in [0, 1) with 32 bits of randomness.
struct PseudoRandom {
    private var a: UInt32
    private var b: UInt32
    private var c: UInt32
    private var d: UInt32

    init(seed: String = "seed") {
        var hash = StringHash(seed)
        a = hash.next()
        b = hash.next()
        c = hash.next()
        d = hash.next()
    }

    mutating func next() -> Double {
        var t = a &+ b
        a = b ^ (b >> 9)
        b = c &+ (c << 3)
        c = (c << 21) | (c >> 11)
        d = d &+ 1
        t = t &+ d
        c = c &+ t
        return Double(t) / 4_294_967_296
    }
}

/// xmur3a: a MurmurHash3-style mix of a string's UTF-16 code units, then a stream of
/// 32-bit seeds.
struct StringHash {
    private var h: UInt32

    init(_ text: String) {
        var h: UInt32 = 2_166_136_261
        var length: UInt32 = 0
        for unit in text.utf16 {
            var k = UInt32(unit) &* 3_432_918_353
            k = (k << 15) | (k >> 17)
            h ^= k &* 461_845_907
            h = (h << 13) | (h >> 19)
            h = h &* 5 &+ 3_864_292_196
            length &+= 1
        }
        h ^= length
        self.h = h
    }

    mutating func next() -> UInt32 {
        h ^= h >> 16
        h = h &* 2_246_822_507
        h ^= h >> 13
        h = h &* 3_266_489_909
        h ^= h >> 16
        return h
    }
}
