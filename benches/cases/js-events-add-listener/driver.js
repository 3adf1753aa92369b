
// Benchmark driver: exercises the library so that the injected bug fires.
const Emitter = module.exports;
const e = new Emitter();
let seen = 0;
e.on('tick', function () { seen += 1; });
e.once('tick', function () { seen += 10; });
e.on('tick', function () { seen += 100; });
e.emit('tick');
console.log(seen, Emitter.listenerCount(e, 'tick'));
