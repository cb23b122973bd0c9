// Entry chunk of the `search/filters` dynamic component.
import { defineComponent } from '@tarmac/platform/loader';
import { Filters } from './Filters';
import './filters.css';

defineComponent('search/filters', Filters);
