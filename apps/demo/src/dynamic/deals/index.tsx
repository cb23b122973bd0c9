// Entry chunk of the `widgets/deals` dynamic component.
import { defineComponent } from '@tarmac/platform/loader';
import { DealsWidget } from './DealsWidget';
import './deals.css';

defineComponent('widgets/deals', DealsWidget);
