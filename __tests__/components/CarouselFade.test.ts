import { fade } from "../../src/components/Carousel/fade";

type Props = Parameters<typeof fade>[0];
type State = Parameters<typeof fade>[1];

describe("the slideshow's cross-fade", () => {
  const styles = (transitionTime: number) => fade({ transitionTime } as Props, {} as State);

  it("shows the chosen slide and hides the others, each change taking the transition time", () => {
    const { selectedStyle, slideStyle, prevStyle } = styles(450);
    expect(selectedStyle).toMatchObject({ opacity: 1, transitionDuration: "450ms", transitionProperty: "opacity" });
    expect(slideStyle).toMatchObject({ opacity: 0, transitionDuration: "450ms" });
    expect(prevStyle).toEqual(slideStyle);
  });

  it("changes at once when the time is zero (reduced motion)", () => {
    expect(styles(0).selectedStyle?.transitionDuration).toBe("0ms");
  });

  it("gives no slide a position of its own: the stylesheet stacks them", () => {
    const { selectedStyle, slideStyle } = styles(300);
    for (const style of [selectedStyle, slideStyle]) expect(style).not.toHaveProperty("position");
  });
});
