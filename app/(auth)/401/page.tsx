export default function P(){return <main>401 page</main>}
