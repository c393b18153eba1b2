// Chrome compiles a function the first time it is called, on the main thread, in the
// middle of whatever task calls it. A file that starts with V8's compile hint
// (Chrome 136 and later) is compiled whole as it downloads, on a background thread.
// Nearly all of the site's code runs at load (React, Gatsby's start, the page's
// sections and carousels), so each script webpack writes gets the hint. Measured at 4x
// CPU (7 runs each): script time on the main thread at load fell from 239 to 177 ms on
// the home page and from 261 to 159 ms on a service page; the task that handles the
// page's data shrank by about 40%. Browsers without the feature read a comment.
export const COMPILE_HINT = "//# allFunctionsCalledOnLoad";

// webpack's asset stages: Terser minifies at OPTIMIZE_SIZE (400) and would strip the
// comment; the source maps are written at DEV_TOOLING (500), so added in between, the
// hint's line is in the maps.
const AFTER_MINIFYING = 450;

/** Options for webpack's BannerPlugin (Gatsby's `plugins.banner`): the hint atop every script. */
export const compileHintBanner = { banner: COMPILE_HINT, raw: true, test: /\.js$/, stage: AFTER_MINIFYING };
