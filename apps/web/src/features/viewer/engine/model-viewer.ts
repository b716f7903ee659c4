import { type FragmentsModel, FragmentsModels, RenderedFaces } from '@thatopen/fragments';
import * as THREE from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import { contextBox, fitDistance } from './camera-fit';

/**
 * The 3D viewer: three.js renders, That Open fragments loads the converted model (in a worker
 * served from our own origin) and answers picking, colouring and visibility. React never touches
 * three.js directly; it holds one ModelViewer and disposes it with the panel. Frames are drawn on
 * demand (camera moves, tiles arriving), never in an idle loop.
 */

export interface ModelViewerOptions {
  container: HTMLElement;
  /** URL of the fragments worker script, same origin (never a CDN). */
  workerUrl: string;
  /** Called with the picked element's viewer id, or null when the click hit nothing. */
  onPick?: (viewerDbId: number | null) => void;
  /**
   * The canvas's accessible name and role description, in the page's language (the caller renders
   * them; `setAccessibleName` changes them later), and the id of the text describing its keys (issue 21).
   */
  label: string;
  roleDescription: string;
  describedBy?: string;
}

const SELECTION_COLOUR = '#2563eb';
// Cyan: apart from the status colours and the reds and oranges of roofs and bricks.
const HIGHLIGHT_COLOUR = '#06b6d4';
/** A pointer that moved more than this between down and up was orbiting, not clicking. */
const CLICK_TOLERANCE_PX = 4;

function material(colour: string) {
  return {
    color: new THREE.Color(colour),
    renderedFaces: RenderedFaces.TWO,
    opacity: 1,
    transparent: false,
  };
}

export class ModelViewer {
  readonly renderer: THREE.WebGLRenderer;
  readonly scene = new THREE.Scene();
  readonly camera: THREE.PerspectiveCamera;
  private readonly controls: OrbitControls;
  private readonly fragments: FragmentsModels;
  private readonly resizeObserver: ResizeObserver;
  private readonly container: HTMLElement;
  private readonly onPick: ((viewerDbId: number | null) => void) | undefined;
  private model: FragmentsModel | null = null;
  private modelIds: Set<number> | null = null;
  private frameRequest = 0;
  /** Radius of the model's bounding sphere (the far plane's reach). */
  private modelRadius = 0;
  private pointerDownAt: { x: number; y: number } | null = null;
  private highlighted: number[] = [];
  /**
   * Spaces (rooms): drawn as translucent boxes they veil the whole building, so the model opens
   * without them, as most BIM viewers do. A highlight shows the spaces it names.
   */
  private spaces = new Set<number>();
  private selected: number | null = null;
  private disposed = false;
  /** Frames actually drawn (the benchmark reads it). */
  renderCount = 0;

  constructor(options: ModelViewerOptions) {
    this.container = options.container;
    this.onPick = options.onPick;
    this.renderer = new THREE.WebGLRenderer({ antialias: true, preserveDrawingBuffer: true });
    this.renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2));
    this.renderer.setClearColor('#f8fafc');
    this.renderer.domElement.setAttribute('data-testid', 'viewer-canvas');
    this.renderer.domElement.tabIndex = 0;
    // A keyboard-operated widget: screen readers pass the arrow keys through to it.
    this.renderer.domElement.setAttribute('role', 'application');
    this.setAccessibleName(options.label, options.roleDescription);
    if (options.describedBy) this.renderer.domElement.setAttribute('aria-describedby', options.describedBy);
    this.renderer.domElement.className = 'viewer-canvas';
    this.renderer.domElement.style.display = 'block';
    this.container.appendChild(this.renderer.domElement);

    this.camera = new THREE.PerspectiveCamera(50, 1, 0.1, 10_000);
    this.camera.position.set(20, 20, 20);
    this.scene.add(new THREE.AmbientLight('#ffffff', 1.6));
    const sun = new THREE.DirectionalLight('#ffffff', 1.8);
    sun.position.set(50, 100, 30);
    this.scene.add(sun);

    this.controls = new OrbitControls(this.camera, this.renderer.domElement);
    this.controls.addEventListener('change', this.onCameraChange);
    this.controls.addEventListener('end', this.onCameraRest);

    this.fragments = new FragmentsModels(options.workerUrl);
    // Colours and tiles arrive from the worker after update() resolves: draw when they land.
    this.fragments.models.materials.list.onItemSet.add(this.requestRender);
    this.fragments.models.materials.list.onItemUpdated.add(this.requestRender);
    this.renderer.domElement.addEventListener('pointerdown', this.onPointerDown);
    this.renderer.domElement.addEventListener('pointerup', this.onPointerUp);
    this.resizeObserver = new ResizeObserver(() => this.resize());
    this.resizeObserver.observe(this.container);
    this.resize();
  }

  /** Loads a .frag (one model per viewer) and frames the camera on it. */
  async load(bytes: ArrayBuffer, modelId: string): Promise<void> {
    const model = await this.fragments.load(bytes, { modelId, camera: this.camera });
    if (this.disposed) return;
    this.model = model;
    model.tiles.onItemSet.add(this.requestRender);
    model.tiles.onItemUpdated.add(this.requestRender);
    model.tiles.onItemDeleted.add(this.requestRender);
    // A colour or highlight change to tiles already drawn lands as a tile update, which fires none of the
    // events above; the end of each worker batch does. Without this the canvas kept the frame before a
    // paint (an earlier filter's colours) until the camera moved (decision 0189).
    model.onViewUpdated.add(this.requestRender);
    this.scene.add(model.object);
    const spaces = Object.values(await model.getItemsOfCategories([/^IFCSPACE$/])).flat();
    if (this.disposed) return;
    this.spaces = new Set(spaces);
    await this.hideSpaces();
    this.frame(model.box);
    await this.update();
  }

  get isLoaded(): boolean {
    return this.model !== null && !this.disposed;
  }

  /** Viewer ids of every element that has geometry. */
  async elementIds(): Promise<number[]> {
    if (!this.model) return [];
    this.modelIds ??= new Set(await this.model.getItemsIdsWithGeometry());
    return [...this.modelIds];
  }

  /** Keeps only ids the model has: colouring and highlighting skip the rest (spec 3 §5). */
  async existing(ids: number[]): Promise<number[]> {
    if (!this.model) return [];
    this.modelIds ??= new Set(await this.model.getItemsIdsWithGeometry());
    const all = this.modelIds;
    return ids.filter((id) => all.has(id));
  }

  /** Paints elements by colour (#rrggbb → viewer ids); elements not listed keep their own colour. */
  async setColours(groups: ReadonlyMap<string, number[]>): Promise<void> {
    const model = this.requireModel();
    await model.resetColor(undefined);
    for (const [colour, ids] of groups) {
      if (ids.length > 0) await model.setColor(ids, new THREE.Color(colour));
    }
    await this.update();
  }

  /**
   * Makes these elements see-through and every other one solid again: context that must not hide
   * what lies behind it (an interior wall inside pale exterior walls).
   */
  async setSeeThrough(ids: number[], opacity: number): Promise<void> {
    const model = this.requireModel();
    await model.resetOpacity(undefined);
    if (ids.length > 0) await model.setOpacity(ids, opacity);
    await this.update();
  }

  /** Adds these elements to the highlight (rejects if the model refuses any of them). */
  async addHighlight(ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    const spaces = ids.filter((id) => this.spaces.has(id));
    if (spaces.length > 0) await this.requireModel().setVisible(spaces, true);
    await this.requireModel().highlight(ids, material(HIGHLIGHT_COLOUR));
    this.highlighted.push(...ids);
    if (this.selected !== null && ids.includes(this.selected)) {
      await this.requireModel().highlight([this.selected], material(SELECTION_COLOUR));
    }
  }

  /** Points the camera at these elements, with their surroundings in view, and redraws. */
  async frameElements(ids: number[]): Promise<void> {
    // From where the user is looking, only closer: turning the model around disorients.
    const direction = this.camera.position.clone().sub(this.controls.target).normalize();
    if (ids.length > 0) {
      const model = this.requireModel();
      // Framed alone, one door fills the view and says nothing about where it is.
      this.frame(contextBox(await model.getMergedBox(ids), model.box), direction);
    }
    await this.update();
  }

  /** Selects one element (as a click does), or none. */
  async select(viewerDbId: number | null): Promise<void> {
    const model = this.requireModel();
    if (this.selected !== null) await model.resetHighlight([this.selected]);
    if (this.highlighted.includes(this.selected ?? -1)) {
      await model.highlight([this.selected as number], material(HIGHLIGHT_COLOUR));
    }
    this.selected = viewerDbId;
    if (viewerDbId !== null) await model.highlight([viewerDbId], material(SELECTION_COLOUR));
    await this.update();
  }

  /** Keyboard orbit: turns the camera around its target by these angles (radians). */
  orbit(left: number, up: number): void {
    this.controls.rotateLeft(left);
    this.controls.rotateUp(up);
    this.onCameraRest();
  }

  /** Keyboard pan: moves the view by these canvas pixels. */
  pan(x: number, y: number): void {
    this.controls.pan(x, y);
    this.onCameraRest();
  }

  /** Keyboard zoom: factor > 1 brings the camera closer to its target, < 1 takes it back. */
  zoom(factor: number): void {
    // OrbitControls' dollyOut divides the distance (it is named for the wheel's direction).
    this.controls.dollyOut(factor);
    this.onCameraRest();
  }

  /** The view the model opened with: the whole model from a three-quarter view. */
  async resetView(): Promise<void> {
    if (this.model) this.frame(this.model.box);
    await this.update();
  }

  /** Toolbar: clear selection and highlight, show everything. */
  async clearSelectionAndShowAll(): Promise<void> {
    this.selected = null;
    await this.clearHighlight();
    await this.showAll();
  }

  /** Every element as the model opened: all but the spaces. */
  async showAll(): Promise<void> {
    await this.requireModel().resetVisible();
    await this.hideSpaces();
    await this.update();
    this.settleVisibility();
  }

  private async hideSpaces(): Promise<void> {
    if (this.spaces.size > 0) await this.requireModel().setVisible([...this.spaces], false);
  }

  async hideAll(): Promise<void> {
    await this.requireModel().setVisible(undefined, false);
    await this.update();
    this.settleVisibility();
  }

  /**
   * A visibility change reaches the drawn tiles a few worker round trips later, which only a camera
   * move used to pick up: the toolbar did nothing visible until then (issue 17). Update and redraw a
   * few more times over the next second and a half, so the change shows with the camera still.
   */
  private settleVisibility(): void {
    for (const delay of [100, 300, 700, 1500]) {
      setTimeout(() => {
        if (!this.disposed) void this.update().catch(() => {});
      }, delay);
    }
  }

  /** Releases everything: worker, model, GPU resources, DOM listeners and any pending frame. */
  /** Names the canvas for assistive technology: a language switch renames it without reloading the model. */
  setAccessibleName(label: string, roleDescription: string): void {
    this.renderer.domElement.setAttribute('aria-label', label);
    this.renderer.domElement.setAttribute('aria-roledescription', roleDescription);
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    cancelAnimationFrame(this.frameRequest);
    this.resizeObserver.disconnect();
    this.renderer.domElement.removeEventListener('pointerdown', this.onPointerDown);
    this.renderer.domElement.removeEventListener('pointerup', this.onPointerUp);
    this.controls.removeEventListener('change', this.onCameraChange);
    this.controls.removeEventListener('end', this.onCameraRest);
    this.controls.dispose();
    this.fragments.models.materials.list.onItemSet.remove(this.requestRender);
    this.fragments.models.materials.list.onItemUpdated.remove(this.requestRender);
    if (this.model) {
      this.model.tiles.onItemSet.remove(this.requestRender);
      this.model.tiles.onItemUpdated.remove(this.requestRender);
      this.model.tiles.onItemDeleted.remove(this.requestRender);
      this.scene.remove(this.model.object);
    }
    this.model = null;
    this.modelIds = null;
    // Disposes every model, its geometries and materials, and terminates the worker.
    void this.fragments.dispose().catch(() => {});
    this.scene.clear();
    this.renderer.dispose();
    this.renderer.forceContextLoss();
    this.renderer.domElement.remove();
  }

  /** Removes the highlight (the selection stays). */
  async clearHighlight(): Promise<void> {
    if (!this.model) return;
    await this.model.resetHighlight(undefined);
    this.highlighted = [];
    if (this.selected !== null) await this.model.highlight([this.selected], material(SELECTION_COLOUR));
  }

  private requireModel(): FragmentsModel {
    if (!this.model || this.disposed) throw new Error('The model is not loaded.');
    return this.model;
  }

  private async update(): Promise<void> {
    if (this.disposed) return;
    await this.fragments.update(true);
    this.requestRender();
  }

  /** Points the camera at a box from a three-quarter view. */
  /** Fits a box in view, from `direction` (default: a three-quarter view from above). */
  private frame(box: THREE.Box3, direction = new THREE.Vector3(1, 0.8, 1).normalize()): void {
    if (box.isEmpty()) return;
    const centre = box.getCenter(new THREE.Vector3());
    const radius = Math.max(box.getSize(new THREE.Vector3()).length() / 2, 1);
    const distance = fitDistance(box, centre, direction, this.camera.fov, this.camera.aspect, radius);
    this.camera.position.copy(centre).addScaledVector(direction, distance);
    // The far plane covers the whole model even when one element is framed.
    this.modelRadius = Math.max(this.modelRadius, radius);
    this.camera.near = Math.max(distance / 1000, 0.01);
    this.camera.far = distance + this.modelRadius * 4;
    this.camera.updateProjectionMatrix();
    this.controls.target.copy(centre);
    this.controls.update();
  }

  private resize(): void {
    const width = Math.max(this.container.clientWidth, 1);
    const height = Math.max(this.container.clientHeight, 1);
    this.renderer.setSize(width, height);
    this.camera.aspect = width / height;
    this.camera.updateProjectionMatrix();
    this.requestRender();
  }

  private readonly requestRender = (): void => {
    if (this.disposed || this.frameRequest !== 0) return;
    this.frameRequest = requestAnimationFrame(() => {
      this.frameRequest = 0;
      if (this.disposed) return;
      this.renderer.render(this.scene, this.camera);
      this.renderCount += 1;
    });
  };

  private readonly onCameraChange = (): void => {
    void this.fragments.update().catch(() => {});
    this.requestRender();
  };

  private readonly onCameraRest = (): void => {
    void this.update().catch(() => {});
  };

  private readonly onPointerDown = (event: PointerEvent): void => {
    this.pointerDownAt = { x: event.clientX, y: event.clientY };
  };

  private readonly onPointerUp = (event: PointerEvent): void => {
    const down = this.pointerDownAt;
    this.pointerDownAt = null;
    if (!down || !this.model || event.button !== 0) return;
    if (Math.hypot(event.clientX - down.x, event.clientY - down.y) > CLICK_TOLERANCE_PX) return;
    void this.pick(event.clientX, event.clientY);
  };

  private async pick(clientX: number, clientY: number): Promise<void> {
    if (!this.model) return;
    const hit = await this.model.raycast({
      camera: this.camera,
      mouse: new THREE.Vector2(clientX, clientY),
      dom: this.renderer.domElement,
    });
    if (this.disposed) return;
    const id = hit?.localId ?? null;
    await this.select(id);
    this.onPick?.(id);
  }
}
