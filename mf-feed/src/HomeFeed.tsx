export default function HomeFeed() {
  return <div>feed</div>;
}
