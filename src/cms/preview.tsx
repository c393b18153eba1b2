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
import { openingHoursText } from "../components/Footer/openingHours";
import { Clients } from "../sections/Clients/Clients";
import { clientsSchema, enquirySchema, homeSchema, serviceSchema, siteSchema, standardSchema } from "../schema/content";
import { today } from "../schema/expiry";
import { DEFAULT_LANGUAGE, LANGUAGES, TRANSLATIONS, type Language } from "../schema/languages";
import { translate } from "../schema/translation";
import type { Problem } from "../schema/validate";
import type { Fields, ObjectField } from "../schema/fields";
import { EnquiryContent } from "../pageBodies/EnquiryContent";
import { EstimateContent } from "../pageBodies/EstimateContent";
import type { Desk } from "../estimate/answer";
import { estimateSchema } from "../schema/estimate";
import { HomeContent } from "../pageBodies/HomeContent";
import { PageLanguageProvider } from "../language/PageLanguageContext";
import { standardQuotePath, type PageLanguage } from "../language/paths";
import { layoutProps } from "../queries/layoutProps";
import { ServiceContent } from "../pageBodies/ServiceContent";
import { StandardContent } from "../pageBodies/StandardContent";
import "../styles/global.css";
import "./preview.css";
import { ADMIN_PATH, HELP_PATH } from "./config";
import { previewEntry, type ImageUrl, type Preview, type Shaped } from "./previewData";
import { PreviewMissing, PreviewProblems } from "./PreviewProblems";
import { PublishStatus } from "./PublishStatus";
import type { Operator } from "./statusWords";

/** What Decap hands a preview template (Immutable.js values). */
interface PreviewProps {
  /** In the language chosen in the editor's left pane: a translation's words only (Decap's i18n). */
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
// Read once: they come with the bundle and do not change while an entry is edited. A
// language whose file is not complete has none: its pages are not published.
const framing = (language: Language) => {
  const files = language === DEFAULT_LANGUAGE ? context : (context.translations[language] ?? {});
  const missing = (file: string): Preview<never> => ({
    problems: [
      {
        field: "",
        message: `content/${file} lacks ${LANGUAGES[language].inEnglish} words: no page is published in ${LANGUAGES[language].inEnglish} until it has them`,
      },
    ],
  });
  return {
    site: files.site ? previewEntry(siteSchema, files.site, contextImage) : missing("site.yaml"),
    clients: files.clients ? previewEntry(clientsSchema, files.clients, contextImage) : missing("clients.yaml"),
    enquiry: files.enquiry ? previewEntry(enquirySchema, files.enquiry, contextImage) : missing("enquiry.yaml"),
  };
};
const framings = Object.fromEntries(
  (Object.keys(LANGUAGES) as Language[]).map((language) => [language, framing(language)]),
) as Record<Language, ReturnType<typeof framing>>;

/** A page in a language, for the previews' links and form (they lead nowhere from here). */
const pageIn = (language: Language): PageLanguage => ({ language, alternates: {}, published: [] });

// Each entry's English as last drawn: a translation's preview takes what is stated once
// (figures, photos, links) from it, as the build does. Decap opens an entry in English.
const englishByEntry = new Map<string, unknown>();

/** The language of the entry Decap hands over: a translation's data is its i18n data itself. */
function languageOf(entry: PreviewProps["entry"]): Language {
  const data = entry.getIn(["data"]);
  return (
    TRANSLATIONS.find((language) => data !== undefined && entry.getIn(["i18n", language, "data"]) === data) ??
    DEFAULT_LANGUAGE
  );
}

const inLanguage = (language: Language, problems: readonly Problem[]) =>
  problems.map((problem) => ({ ...problem, field: problem.field ? `${language}.${problem.field}` : language }));

/** A translation's page, as the build would make it: its words, the English's figures. */
function translatedPreview<F extends Fields>(
  schema: ObjectField<F>,
  english: unknown,
  words: unknown,
  language: Language,
  imageUrl: ImageUrl,
): Preview<F> & { missing?: Problem[] } {
  if (english === undefined)
    return { problems: [{ field: "", message: "open the entry again: its English is not loaded yet" }] };
  const page = translate(schema, english, words, language);
  if (page.problems.length) return { problems: inLanguage(language, page.problems) };
  const preview = previewEntry(schema, page.data, imageUrl);
  if (preview.problems) return { problems: inLanguage(language, preview.problems) };
  return { ...preview, missing: inLanguage(language, page.missing) };
}

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
  render: (data: Shaped<F>, language: Language) => React.ReactNode,
) {
  const show = (preview: Preview<F> & { missing?: Problem[] }, language: Language) =>
    preview.problems ? (
      <PreviewProblems problems={preview.problems} />
    ) : (
      <PageLanguageProvider value={pageIn(language)}>
        {preview.missing?.length ? (
          <PreviewMissing problems={preview.missing} language={LANGUAGES[language].inEnglish} />
        ) : null}
        <div lang={language}>{render(preview.data, language)}</div>
      </PageLanguageProvider>
    );
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
      const language = languageOf(this.props.entry);
      if (language === DEFAULT_LANGUAGE) englishByEntry.set(entryPath, data);
      const preview =
        language === DEFAULT_LANGUAGE
          ? previewEntry(schema, data, imageUrl)
          : translatedPreview(schema, englishByEntry.get(entryPath), data, language, imageUrl);
      this.root?.render(<ErrorBoundary>{show(preview, language)}</ErrorBoundary>);
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

/** The site settings, client logos and the form's file other previews draw around an entry, in its language. */
function withContext(
  language: Language,
  render: (
    site: ReturnType<typeof withHours>,
    logos: Shaped<typeof clientsSchema.fields>,
    form: Shaped<typeof enquirySchema.fields>,
  ) => React.ReactNode,
) {
  const { site, clients, enquiry } = framings[language];
  if (site.problems) return <PreviewProblems problems={site.problems} />;
  if (clients.problems) return <PreviewProblems problems={clients.problems} />;
  if (enquiry.problems) return <PreviewProblems problems={enquiry.problems} />;
  return render(withHours(site.data, language), clients.data, enquiry.data);
}

function register(decap: DecapGlobals) {
  decap.CMS.registerPreviewStyle(`${ADMIN_PATH}/preview.css`);
  decap.CMS.registerPreviewTemplate(
    "site",
    template(decap, siteSchema, (entry, language) =>
      // The editor runs on the site's own server: its address stands for the published one.
      withContext(language, (_site, _logos, form) => (
        <Layout {...layoutProps(withHours(entry, language), form, window.location.origin, "/", pageIn(language))}>
          {null}
        </Layout>
      )),
    ),
  );
  decap.CMS.registerPreviewTemplate(
    "home",
    template(decap, homeSchema, (home, language) =>
      withContext(language, (siteData, logos, form) => (
        <HomeContent home={home} site={siteData} clients={logos} enquiry={form} today={today()} />
      )),
    ),
  );
  decap.CMS.registerPreviewTemplate(
    "clients",
    template(decap, clientsSchema, (entry, language) =>
      withContext(language, (siteData) => (
        <Clients {...entry} contact={siteData.webmail} newTabLabel={siteData.labels.opensInNewTab} />
      )),
    ),
  );
  decap.CMS.registerPreviewTemplate(
    "services",
    template(decap, serviceSchema, (page, language) =>
      withContext(language, (siteData, logos, form) => (
        <ServiceContent page={page} site={siteData} clients={logos} enquiry={form} today={today()} />
      )),
    ),
  );
  decap.CMS.registerPreviewTemplate(
    "standards",
    template(decap, standardSchema, (page, language) =>
      withContext(language, (siteData, logos, form) => (
        <StandardContent
          page={page}
          site={siteData}
          clients={logos}
          enquiry={form}
          // The preview names the service pages by their addresses: it draws one entry.
          services={page.services.map((slug) => ({ slug, title: `/${slug}` }))}
          quotePath={standardQuotePath(form.slug, page.slug)}
          today={today()}
        />
      )),
    ),
  );
  decap.CMS.registerPreviewTemplate(
    "estimate",
    template(decap, estimateSchema, (desk, language) =>
      withContext(language, (siteData, _logos, form) => (
        <EstimateContent
          heading={desk.heading}
          intro={desk.intro}
          actions={{ enquiry: form, newTabLabel: siteData.labels.opensInNewTab, tone: "light" }}
          desk={{
            desk: desk as Desk,
            // The preview names processes by their services' addresses and offers no
            // standard: it draws one entry (the page takes both from their own files).
            processNames: Object.fromEntries(desk.processes.map((process) => [process.service, `/${process.service}`])),
            standards: [],
            locale: LANGUAGES[language].locale,
            language,
            action: "#",
            quotePath: `/${form.slug}`,
            today: today(),
          }}
        />
      )),
    ),
  );
  decap.CMS.registerPreviewTemplate(
    "enquiry",
    template(decap, enquirySchema, (page, language) =>
      withContext(language, (siteData) => (
        <EnquiryContent page={page} services={previewServices} newTabLabel={siteData.labels.opensInNewTab} />
      )),
    ),
  );
}

/** The site settings with each plant's hours as words, as the build writes them (gatsby-node's createResolvers). */
const withHours = (site: Shaped<typeof siteSchema.fields>, language: Language) => ({
  ...site,
  openingHours: site.units.map((unit) => (unit.hours?.length ? openingHoursText(unit.hours, language) : null)),
});

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
