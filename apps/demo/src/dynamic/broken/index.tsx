// Entry chunk of the `demo/broken` dynamic component.
import { defineComponent } from '@tarmac/platform/loader';
import { BrokenDynamic } from './BrokenDynamic';

defineComponent('demo/broken', BrokenDynamic);
