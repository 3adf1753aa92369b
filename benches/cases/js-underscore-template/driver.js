
// Benchmark driver: exercises the library so that the injected bug fires.
const _ = module.exports;
const greet = _.template('Hello <%= name %>, you are <%= age %>');
console.log(greet({ name: 'Ada', age: 36 }));
console.log(_.chunk([1, 2, 3, 4, 5], 2));
