
// Benchmark driver: exercises the library so that the injected bug fires.
const Mustache = module.exports;
const view = { name: '<Ada>', count: 3, items: [{ title: 'first' }, { title: 'second' }] };
console.log(Mustache.render('Hello {{name}}, you have {{count}} messages:{{#items}} {{title}}{{/items}}', view));
