// The editor's preview pane, drawn by the site's own components with the site's own
// React 18. Decap's prebuilt bundle runs its own React; each template below is a Decap
// component that only renders an empty node and mounts the site's components into it.
// Each entry goes through the build's validator first: an entry the build would refuse
// shows its problems, in the build's words, instead of a blank or broken pane.
import React from "react";
import { createRoot, type Root } from "react-dom/client";
import context from "preview-context";
import { ErrorBoundary } from "../components/ErrorBoundary";
import { Layout } from "../components/Layout";
import { Clients } from "../sections/Clients/Clients";
import { clientsSchema, enquirySchema, homeSchema, serviceSchema, siteSchema } from "../schema/content";
import { today } from "../schema/expiry";
import type { Fields, ObjectField } from "../schema/fields";
import { EnquiryContent } from "../pageBodies/EnquiryContent";
import { HomeContent } from "../pageBodies/HomeContent";
import { ENGLISH_PAGE } from "../language/paths";
import { layoutProps } from "../queries/layoutProps";
import { ServiceContent } from "../pageBodies/ServiceContent";
import "../styles/global.css";
import "./preview.css";
import { ADMIN_PATH, HELP_PATH } from "./config";
import { previewEntry, type ImageUrl, type Preview, type Shaped } from "./previewData";
import { PreviewProblems } from "./PreviewProblems";
import { PublishStatus } from "./PublishStatus";
import type { Operator } from "./statusWords";

/** What Decap hands a preview template (Immutable.js values). */
interface PreviewProps {
  entry: { getIn(path: string[]): { toJS(): unknown } | undefined };
  getAsset(path: string): { toString(): string } | undefined;
}

interface DecapGlobals {
  CMS: {
    registerPreviewStyle(href: string): void;
    registerPreviewTemplate(name: string, component: unknown): void;
  };
  h: (type: string, props: Record<string, unknown>) => unknown;
  createClass: (spec: Record<string, unknown>) => unknown;
}

const isDecap = (value: unknown): value is DecapGlobals =>
  typeof value === "object" && value !== null && "CMS" in value && "createClass" in value && "h" in value;

// Images of the other files (logo, client logos) were copied beside this bundle.
const contextImage: ImageUrl = (path) => `${ADMIN_PATH}/context/${path}`;
// Read once: they come with the bundle and do not change while an entry is edited.
const site = previewEntry(siteSchema, context.site, contextImage);
const clients = previewEntry(clientsSchema, context.clients, contextImage);
const enquiry = previewEntry(enquirySchema, context.enquiry, contextImage);

interface TemplateInstance {
  props: PreviewProps;
  node: HTMLElement | null;
  root: Root | null;
  draw(): void;
}

/** A saved document as the editor's backend serves it (server/editor/history.ts), by its path beside the entry. */
function documentUrl(entryPath: string, file: string): string | undefined {
  if (!entryPath) return undefined;
  const folder = entryPath.slice(0, entryPath.lastIndexOf("/") + 1);
  return `${ADMIN_PATH}/history/document?path=${encodeURIComponent(folder + file)}`;
}

/** A preview of one collection's entries: `render` draws a valid entry with the site's components. */
function template<F extends Fields>(
  { h, createClass }: DecapGlobals,
  schema: ObjectField<F>,
  render: (data: Shaped<F>) => React.ReactNode,
) {
  const show = (preview: Preview<F>) =>
    preview.problems ? <PreviewProblems problems={preview.problems} /> : render(preview.data);
  return createClass({
    componentDidMount(this: TemplateInstance) {
      if (this.node) this.root = createRoot(this.node);
      this.draw();
    },
    componentDidUpdate(this: TemplateInstance) {
      this.draw();
    },
    componentWillUnmount(this: TemplateInstance) {
      // Unmounting synchronously while Decap's React renders is not allowed.
      const root = this.root;
      setTimeout(() => root?.unmount());
    },
    draw(this: TemplateInstance) {
      const data = this.props.entry.getIn(["data"])?.toJS();
      const where: unknown = this.props.entry.getIn(["path"]);
      const entryPath = typeof where === "string" ? where : "";
      // A PDF is linked to as the editor's backend serves it from the content; images as Decap loads them.
      const imageUrl: ImageUrl = (path, kind) =>
        kind === "pdf" ? documentUrl(entryPath, path) : this.props.getAsset(path)?.toString() || undefined;
      this.root?.render(<ErrorBoundary>{show(previewEntry(schema, data, imageUrl))}</ErrorBoundary>);
    },
    render(this: TemplateInstance) {
      return h("div", {
        ref: (node: HTMLElement | null) => {
          this.node = node;
        },
      });
    },
  });
}

/** The site settings, client logos and the form's file other previews draw around an entry. */
function withContext(
  render: (
    site: Shaped<typeof siteSchema.fields>,
    logos: Shaped<typeof clientsSchema.fields>,
    form: Shaped<typeof enquirySchema.fields>,
  ) => React.ReactNode,
) {
  if (site.problems) return <PreviewProblems problems={site.problems} />;
  if (clients.problems) return <PreviewProblems problems={clients.problems} />;
  if (enquiry.problems) return <PreviewProblems problems={enquiry.problems} />;
  return render(site.data, clients.data, enquiry.data);
}

function register(decap: DecapGlobals) {
  decap.CMS.registerPreviewStyle(`${ADMIN_PATH}/preview.css`);
  decap.CMS.registerPreviewTemplate(
    "site",
    template(decap, siteSchema, (entry) =>
      // The editor runs on the site's own server: its address stands for the published one.
      withContext((_site, _logos, form) => (
        <Layout {...layoutProps(entry, form, window.location.origin, "/", ENGLISH_PAGE)}>{null}</Layout>
      )),
    ),
  );
  decap.CMS.registerPreviewTemplate(
    "home",
    template(decap, homeSchema, (home) =>
      withContext((siteData, logos, form) => (
        <HomeContent home={home} site={siteData} clients={logos} enquiry={form} today={today()} />
      )),
    ),
  );
  decap.CMS.registerPreviewTemplate(
    "clients",
    template(decap, clientsSchema, (entry) =>
      withContext((siteData) => (
        <Clients {...entry} contact={siteData.webmail} newTabLabel={siteData.labels.opensInNewTab} />
      )),
    ),
  );
  decap.CMS.registerPreviewTemplate(
    "services",
    template(decap, serviceSchema, (page) =>
      withContext((siteData, logos, form) => (
        <ServiceContent page={page} site={siteData} clients={logos} enquiry={form} today={today()} />
      )),
    ),
  );
  decap.CMS.registerPreviewTemplate(
    "enquiry",
    template(decap, enquirySchema, (page) =>
      withContext((siteData) => (
        <EnquiryContent page={page} services={previewServices} newTabLabel={siteData.labels.opensInNewTab} />
      )),
    ),
  );
}

/** Whom staff call, from the site settings (optional there). */
function operatorOf(site: unknown): Operator | null {
  const operator = (site as { operator?: Partial<Operator> } | null)?.operator;
  return operator?.name && operator.phone ? { name: operator.name, phone: operator.phone } : null;
}

// The form's service list as the build makes it: the preview shows the shape, not the pages.
const previewServices = [{ slug: "service", title: "…" }];

if (isDecap(window)) register(window);

// The publisher's status, in its own corner of the editor's page.
const panel = document.createElement("div");
document.body.append(panel);
createRoot(panel).render(
  <PublishStatus
    url={`${ADMIN_PATH}/status.json`}
    enquiriesUrl={`${ADMIN_PATH}/enquiries.json`}
    problemsUrl={`${ADMIN_PATH}/problems.json`}
    helpUrl={`${ADMIN_PATH}/${HELP_PATH}`}
    enquiriesPage={`${ADMIN_PATH}/enquiries/`}
    changesPage={`${ADMIN_PATH}/history/`}
    reportPage={`${ADMIN_PATH}/report/`}
    whoUrl={`${ADMIN_PATH}/history/me.json`}
    operator={operatorOf(context.site)}
  />,
);
