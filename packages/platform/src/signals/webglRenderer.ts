// Renderers that draw on the CPU: what headless browsers and most server-side farms report.
const SOFTWARE = /swiftshader|llvmpipe|software/i;

/**
 * The unmasked WebGL renderer name, or '' when WebGL or the debug extension is unavailable.
 * The context is released at once so the probe leaves no GPU resources behind.
 */
export function readWebglRenderer(doc: Document = document): string {
  try {
    const gl = doc.createElement('canvas').getContext('webgl') as WebGLRenderingContext | null;
    if (!gl) return '';
    // Without the debug extension the renderer is masked ("WebKit WebGL"): nothing to learn.
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    const name = info ? String(gl.getParameter(info.UNMASKED_RENDERER_WEBGL)) : '';
    gl.getExtension('WEBGL_lose_context')?.loseContext();
    return name;
  } catch {
    return '';
  }
}

/** True for a CPU renderer name; alone it is weak evidence (VMs and remote desktops use them too). */
export const isSoftwareRenderer = (name: string): boolean => SOFTWARE.test(name);
