import { DevToolsPanel } from './devtools/DevToolsPanel';
import { Footer } from './layout/Footer';
import { Header } from './layout/Header';
import { SearchPanel } from './search/SearchPanel';

/** The first page of the travel-search site. */
export function App() {
  return (
    <div className="page">
      <Header />
      <main className="main">
        <section className="hero" aria-label="Search">
          <div className="container">
            <p className="hero__eyebrow">Flights · Hotels · Cars</p>
            <p className="hero__title">Where to next?</p>
            <SearchPanel />
          </div>
        </section>
        <div className="container">
          <DevToolsPanel />
        </div>
      </main>
      <Footer />
    </div>
  );
}
