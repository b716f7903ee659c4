// The page `npm run bench:viewer` drives: the app's own viewer engine, a .frag from the bench
// server, and two measurements the script reads through window.bench.
import { ModelViewer } from '../../apps/web/src/features/viewer/engine/model-viewer.ts';

let viewer = null;
const frames = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));

window.bench = {
  /** Fetch and load the model; times from the start of the fetch to the first drawn frame. */
  async load(url, graphicsQuality) {
    const started = performance.now();
    const bytes = await (await fetch(url)).arrayBuffer();
    const fetched = performance.now();
    const size = bytes.byteLength; // the buffer moves to the worker on load
    viewer = new ModelViewer({
      container: document.getElementById('view'),
      workerUrl: '/fragments-worker.mjs',
    });
    if (graphicsQuality !== undefined) viewer.fragments.settings.graphicsQuality = graphicsQuality;
    await viewer.load(bytes, 'bench');
    await frames();
    const shown = performance.now();
    return {
      bytes: size,
      fetchMs: Math.round(fetched - started),
      loadMs: Math.round(shown - fetched),
      totalMs: Math.round(shown - started),
      elements: (await viewer.elementIds()).length,
    };
  },
  /** Orbits the camera a full turn per `seconds` × 2, counting animation frames and frames drawn. */
  async orbit(seconds) {
    const controls = viewer.controls;
    const camera = viewer.camera;
    const offset = camera.position.clone().sub(controls.target);
    const radius = Math.hypot(offset.x, offset.z);
    const start = performance.now();
    const rendersBefore = viewer.renderCount;
    let animationFrames = 0;
    // Where a frame's time goes: drawing (three.js) versus the camera change (fragments' update).
    const render = viewer.renderer.render.bind(viewer.renderer);
    let renderMs = 0;
    let changeMs = 0;
    viewer.renderer.render = (scene, cam) => {
      const t = performance.now();
      render(scene, cam);
      renderMs += performance.now() - t;
    };
    await new Promise((resolve) => {
      const step = (now) => {
        animationFrames += 1;
        const angle = ((now - start) / (seconds * 2000)) * 2 * Math.PI;
        camera.position.set(
          controls.target.x + radius * Math.cos(angle),
          camera.position.y,
          controls.target.z + radius * Math.sin(angle),
        );
        const t = performance.now();
        controls.update(); // fires 'change': the viewer updates tiles and draws, as a user's drag does
        changeMs += performance.now() - t;
        if (now - start < seconds * 1000) requestAnimationFrame(step);
        else resolve();
      };
      requestAnimationFrame(step);
    });
    const elapsed = (performance.now() - start) / 1000;
    viewer.renderer.render = render;
    const drawn = viewer.renderCount - rendersBefore;
    return {
      renderMsPerFrame: Math.round(renderMs / Math.max(drawn, 1)),
      changeMsPerFrame: Math.round(changeMs / Math.max(animationFrames, 1)),
      drawCalls: viewer.renderer.info.render.calls,
      triangles: viewer.renderer.info.render.triangles,
      seconds: Math.round(elapsed * 10) / 10,
      animationFps: Math.round((animationFrames / elapsed) * 10) / 10,
      drawnFps: Math.round(((viewer.renderCount - rendersBefore) / elapsed) * 10) / 10,
    };
  },
};
