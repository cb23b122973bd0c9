// Entry chunk of the `search/results` dynamic component: runs once when the loader adds it.
import { defineComponent } from '@tarmac/platform/loader';
import { SearchResults } from './SearchResults';
import './searchResults.css';

defineComponent('search/results', SearchResults);
