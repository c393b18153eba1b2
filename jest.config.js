// Unit tests: components, sections, the content schema and gatsby-node.
// Set up as Gatsby's unit-testing guide describes, with jsdom for the components.
module.exports = {
  testEnvironment: "jsdom",
  transform: { "^.+\\.[jt]sx?$": "<rootDir>/jest-preprocess.js" },
  moduleNameMapper: {
    "\\.module\\.css$": "identity-obj-proxy",
    "\\.css$": "<rootDir>/__mocks__/style-mock.js",
    "\\.(jpg|jpeg|png|gif|svg|webp|avif)$": "<rootDir>/__mocks__/file-mock.js",
  },
  testMatch: ["<rootDir>/__tests__/**/*.test.[jt]s?(x)"],
  testPathIgnorePatterns: ["node_modules", "\\.cache", "<rootDir>/public", "<rootDir>/e2e"],
  transformIgnorePatterns: ["node_modules/(?!(gatsby|gatsby-script|gatsby-link)/)"],
  setupFilesAfterEnv: ["<rootDir>/jest.setup.ts"],
  testEnvironmentOptions: { url: "http://localhost/" },
  // Every core: many tests wait on child processes, git and servers (jest's default leaves one core idle).
  maxWorkers: "100%",
  // Those waits stretch on a loaded two-core machine (history tests with real git took over
  // jest's default 5 s beside test:install): a hang still ends, and passing tests lose nothing.
  testTimeout: 30_000,
};
