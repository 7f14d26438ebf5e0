// antd 5 renders a few things outside the app's tree (a button's click wave, message, Modal.confirm) with a
// renderer of its own that calls ReactDOM.render, which React 19 removed. antd lets the app replace that renderer
// (unstableSetRender, see https://u.ant.design/v5-for-19): here one React 19 root per container. This is what antd's
// patch package (@ant-design/v5-patch-for-react-19) does, with antd imported by path like the rest of the guest
// app: the package imports antd's index, which loads all of antd wherever nothing tree-shakes it (about a second
// in the unit tests, between main.tsx and the app's first render). main.tsx loads this module with either app,
// apart from render-root.tsx, which would otherwise take antd along.
import { unstableSetRender } from "antd/es/config-provider/UnstableContext";
import { createRoot, type Root } from "react-dom/client";

const roots = new WeakMap<Element | DocumentFragment, Root>();

unstableSetRender((node, container) => {
  const root = roots.get(container) ?? createRoot(container);
  roots.set(container, root);
  root.render(node);
  // antd awaits the unmount before it removes the container; React must not unmount during a render.
  return () =>
    new Promise<void>((resolve) =>
      setTimeout(() => {
        roots.delete(container);
        root.unmount();
        resolve();
      }),
    );
});
