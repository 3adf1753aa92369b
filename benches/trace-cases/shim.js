// Runs a program written for the Node.js of dharma's Buffer grammar: the
// grammar requires the long-gone `smalloc` module, stubbed here.
const Module = require('module');
const load = Module._load;
Module._load = function (request, ...rest) {
  if (request === 'smalloc') return {};
  return load.call(this, request, ...rest);
};
require(require('path').resolve(process.argv[2]));
