import { render, screen } from "@testing-library/react";
import React, { act, useState } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { setHydrating } from "../../src/browser/hydration";
import { Island } from "../../src/components/Island";
import { ServerHtml } from "../../src/components/ServerHtml";

function Page({ text }: { text: string }) {
  const [count, setCount] = useState(0);
  return (
    <main>
      <button type="button" onClick={() => setCount(count + 1)}>
        {`pressed ${count}`}
      </button>
      <ServerHtml>
        <p>{text}</p>
      </ServerHtml>
    </main>
  );
}

describe("ServerHtml", () => {
  afterEach(() => setHydrating(false));

  it("draws its children on the server and after a client-side navigation", () => {
    expect(renderToString(<Page text="from the build" />)).toContain("<p>from the build</p>");
    render(<Page text="rendered in the browser" />);
    expect(screen.getByText("rendered in the browser")).toBeInTheDocument();
  });

  // The React 18 dependence (ServerHtml.tsx): this fails on a React that replaces the HTML.
  it("keeps the build's HTML while the page around it hydrates and answers, without a hydration error", async () => {
    const container = document.createElement("div");
    container.innerHTML = renderToString(<Page text="from the build" />);
    document.body.append(container);
    const errors: unknown[] = [];
    setHydrating(true);
    // The browser holds other props than the build did: React must not look inside.
    await act(async () => {
      hydrateRoot(container, <Page text="not what the build wrote" />, { onRecoverableError: (e) => errors.push(e) });
    });
    setHydrating(false);
    expect(errors).toEqual([]);
    expect(container.querySelector("p")?.textContent).toBe("from the build");
    await act(async () => screen.getByRole("button").click());
    expect(screen.getByRole("button")).toHaveTextContent("pressed 1");
    expect(container.querySelector("p")?.textContent).toBe("from the build");
    container.remove();
  });

  it("refuses to sit inside an Island, naming the fix", () => {
    // React reports the error it rethrows; keep the test's output to the assertion.
    const quiet = jest.spyOn(console, "error").mockImplementation(() => {});
    expect(() =>
      render(
        <Island>
          <ServerHtml>
            <p>text</p>
          </ServerHtml>
        </Island>,
      ),
    ).toThrow(/ServerHtml inside an Island/);
    quiet.mockRestore();
  });
});
