// Gatsby's runtime for unit tests: Link renders a plain anchor, queries are stubs
// that each test fills in with jest.mocked(useStaticQuery).mockReturnValue(...).
const React = require("react");
const gatsby = jest.requireActual("gatsby");

module.exports = {
  ...gatsby,
  graphql: jest.fn(),
  Link: jest.fn().mockImplementation(
    // Drop Gatsby-only props before they reach the DOM.
    ({ activeClassName, activeStyle, getProps, innerRef, partiallyActive, ref, replace, to, ...rest }) =>
      React.createElement("a", { ...rest, href: to, "data-gatsby-link": "true" }),
  ),
  navigate: jest.fn(),
  StaticQuery: jest.fn(),
  useStaticQuery: jest.fn(),
};
