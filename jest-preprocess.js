// Babel for jest: Gatsby's preset plus TypeScript.
module.exports = require("babel-jest").default.createTransformer({
  presets: ["babel-preset-gatsby", "@babel/preset-typescript"],
});
