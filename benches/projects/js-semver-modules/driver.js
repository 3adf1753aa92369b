// Checks a few versions against the ranges a tool accepts.
const semver = require('./')

const versions = ['1.2.3', '1.10.0', '2.0.0-beta.1', '0.9.7']
for (const v of versions) {
  console.log(v, semver.valid(v), semver.major(v), semver.prerelease(v))
}
console.log(semver.sort(versions.slice()))
console.log(semver.satisfies('1.2.3', '^1.0.0 || >=2.0.0'))
