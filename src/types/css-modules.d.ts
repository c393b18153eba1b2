// CSS modules: Gatsby gives each class a scoped name, exported by its written name.
declare module "*.module.css" {
  const classes: { readonly [name: string]: string };
  export = classes;
}
