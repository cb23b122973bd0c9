/** dependency-cruiser's settings for the server: the layer rules of layers.mjs over packages/server/src. */
import { cruiseOptions, layerRules } from './layers.mjs';

export default { forbidden: layerRules('^packages/server/src/'), options: cruiseOptions };
