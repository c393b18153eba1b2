// The editor's preview pane, drawn by the site's own components with the site's own
// React 18. Decap's prebuilt bundle runs its own React; each template below is a Decap
// component that only renders an empty node and mounts the site's components into it.
import React from "react";
import { createRoot, type Root } from "react-dom/client";
import context from "preview-context";
import { ErrorBoundary } from "../components/ErrorBoundary";
import { Layout } from "../components/Layout";
import { Clients } from "../sections/Clients";
import { clientsSchema, homeSchema, serviceSchema, siteSchema } from "../schema/content";
import type { ObjectField } from "../schema/fields";
import { HomeContent, type HomeContentProps } from "../templates/HomeContent";
import { layoutProps } from "../templates/layoutProps";
import { ServiceContent, type ServiceContentProps } from "../templates/ServiceContent";
import "../styles/global.css";
import "./preview.css";
import { ADMIN_PATH } from "./config";
import { previewData, type ImageUrl } from "./previewData";

type Site = HomeContentProps["site"] & ServiceContentProps["site"] & Queries.PageShellQuery["siteYaml"] & object;
type ClientsData = HomeContentProps["clients"];

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

// Images of the other files (logo, client logos) were copied beside this bundle.
const contextImage: ImageUrl = (path) => `${ADMIN_PATH}/context/${path}`;
// Built once: they come with the bundle and do not change while an entry is edited.
const site = previewData(siteSchema, context.site, contextImage) as unknown as Site;
const clients = previewData(clientsSchema, context.clients, contextImage) as unknown as ClientsData;

type Render = (entry: (schema: ObjectField) => Record<string, unknown>) => React.ReactNode;

interface TemplateInstance {
  props: PreviewProps;
  node: HTMLElement | null;
  root: Root | null;
  draw(): void;
}

function template({ h, createClass }: DecapGlobals, render: Render) {
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
      const imageUrl: ImageUrl = (path) => this.props.getAsset(path)?.toString() || undefined;
      const entry = (schema: ObjectField) => previewData(schema, data, imageUrl);
      // A half-filled entry shows the site's error message instead of a blank pane.
      this.root?.render(<ErrorBoundary>{render(entry)}</ErrorBoundary>);
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

function register(decap: DecapGlobals) {
  decap.CMS.registerPreviewStyle(`${ADMIN_PATH}/preview.css`);
  decap.CMS.registerPreviewTemplate(
    "site",
    template(decap, (entry) => <Layout {...layoutProps(entry(siteSchema) as unknown as Site, "/")}>{null}</Layout>),
  );
  decap.CMS.registerPreviewTemplate(
    "home",
    template(decap, (entry) => (
      <HomeContent home={entry(homeSchema) as unknown as HomeContentProps["home"]} site={site} clients={clients} />
    )),
  );
  decap.CMS.registerPreviewTemplate(
    "clients",
    template(decap, (entry) => {
      const { webmail, labels } = site;
      return (
        <Clients
          {...(entry(clientsSchema) as unknown as ClientsData)}
          contact={webmail}
          newTabLabel={labels.opensInNewTab}
        />
      );
    }),
  );
  decap.CMS.registerPreviewTemplate(
    "services",
    template(decap, (entry) => (
      <ServiceContent
        page={entry(serviceSchema) as unknown as ServiceContentProps["page"]}
        site={site}
        clients={clients}
      />
    )),
  );
}

register(window as unknown as DecapGlobals);
