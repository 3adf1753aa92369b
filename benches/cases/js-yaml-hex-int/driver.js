
// Benchmark driver: exercises the library so that the injected bug fires.
const yaml = module.exports;
console.log(JSON.stringify(yaml.load('server:\n  host: example.org\n  port: 0x1F90\n  tags: [a, b]\n')));
