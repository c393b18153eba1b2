/** A slide's position in words, from the content's template: "{current} of {total}" → "2 of 4". */
export const slidePosition = (template: string, current: number, total: number) =>
  template.replace("{current}", String(current)).replace("{total}", String(total));
