
// Benchmark driver: exercises the library so that the injected bug fires.
const lib = module.exports;
console.log(lib.marked.parse('# Report\n\nSome *text* here.\n\n| name | total |\n|------|-------|\n| a    | 1     |\n'));
