// Types of layers.mjs for the TypeScript that imports it (src/layers.test.ts).
import type { ICruiseOptions, IForbiddenRuleType } from 'dependency-cruiser';

export declare const cruiseOptions: ICruiseOptions;
export declare function layerRules(src: string): IForbiddenRuleType[];
