// Docusaurus's category index convention, which the sidebars (what a category links to), the
// routes (where such a page is) and the migration share: a folder's page named `index`, `README`
// or like the folder itself (any case) stands for the folder.
export function isCategoryIndexName(stem: string, folder: string): boolean {
  const name = stem.toLowerCase();
  return name === 'index' || name === 'readme' || name === folder.slice(folder.lastIndexOf('/') + 1).toLowerCase();
}
