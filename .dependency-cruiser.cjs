/**
 * The cycle check (npm run lint): no module may import itself back through others (issue 43), type-only imports
 * included: a loop of types is still two files that cannot be read, or moved, one without the other.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import loop: each file of it needs the others loaded first. Move what both need into a third.',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|\\.next|\\.e2e|\\.next-[a-z-]+)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
