import React, { createContext, useContext } from "react";
import * as styles from "./CompanyDocuments.module.css";

/** One of the company's PDFs (the capability statement, the supplier data sheet) in the page's language. */
export interface CompanyDocument {
  label: string;
  href: string;
  /** The name a buyer's computer saves it as. */
  fileName: string;
}

// The documents the build made in the page's language; PageShell provides them (none
// where content/capability.yaml is not in that language).
const DocumentsContext = createContext<readonly CompanyDocument[]>([]);

export const CompanyDocumentsProvider = DocumentsContext.Provider;

/** Links to the company's PDFs, each saved under its own name. */
export function CompanyDocuments({ className }: { className?: string }) {
  const documents = useContext(DocumentsContext);
  if (documents.length === 0) return null;
  return (
    <ul className={[styles.documents, className].filter(Boolean).join(" ")}>
      {documents.map((document) => (
        <li key={document.href}>
          <a href={document.href} download={`${document.fileName}.pdf`} type="application/pdf">
            {document.label}
          </a>
        </li>
      ))}
    </ul>
  );
}
