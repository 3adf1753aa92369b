
// Benchmark driver: exercises the library so that the injected bug fires.
const Q = module.exports;
Q.join(Q(1), Q(1)).then(function (value) { console.log('joined', value); });
