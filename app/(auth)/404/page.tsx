export default function P(){return <main>404 page</main>}
