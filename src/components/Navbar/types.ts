import { samePath } from "../SmartLink";

export interface NavLink {
  label: string;
  link: string;
}

export interface NavItem {
  label: string;
  link?: string | null;
  children?: readonly NavLink[] | null;
}

/** Whether a link points at the page being shown ("/x" and "/x/" alike; hashes are not pages). */
export const isCurrent = (link: string, currentPath: string) => !link.includes("#") && samePath(link, currentPath);
