
// Benchmark driver: exercises the library so that the injected bug fires.
const p = module.exports;
console.log(p.toASCII('mañana.com'), p.toUnicode('xn--maana-pta.com'));
