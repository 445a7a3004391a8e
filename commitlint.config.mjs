// The commit rule of CONTRIBUTING.md ("Commits"): a subject of at most 72 characters, a blank
// line, then a body with the why and the figures. Checked by the commit-msg hook (installed by
// `npm ci` through husky) and by `.ci/run` for the commits since the last tag.
// No body-empty rule: the default parser reads a line naming an issue (`#41`) as the footer.
export default {
  rules: {
    'header-max-length': [2, 'always', 72],
    'header-full-stop': [2, 'never', '.'],
    'body-leading-blank': [2, 'always'],
  },
};
