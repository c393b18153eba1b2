export { CompanyDocuments, CompanyDocumentsProvider, type CompanyDocument } from "./CompanyDocuments";
