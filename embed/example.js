// The embed example page's host script (example.html loads it: the page's CSP allows no inline
// script). Fills the slots with embed elements once the ids are known. The widget's
// MutationObserver picks up elements added after it started, so the order of the two scripts does
// not matter.
(async () => {
  const params = new URLSearchParams(location.search);
  let user = params.get('user');
  let project = params.get('project');
  const source = document.getElementById('embed-source');
  if (user && project) {
    source.textContent = 'Showing the project given in the address.';
  } else {
    try {
      const auth = await fetch('/api/auth/demo', { method: 'POST' });
      if (!auth.ok) throw new Error(`demo sign-in answered ${auth.status}`);
      const token = (await auth.json()).token;
      const headers = { 'x-auth-token': token };
      const list = await fetch('/api/projects', { headers });
      if (!list.ok) throw new Error(`project list answered ${list.status}`);
      const projects = await list.json();
      const chosen = projects.find((p) => p.enableEmbedding) || projects[0];
      if (!chosen) throw new Error('the demo account has no projects');
      project = chosen._id;
      user = chosen.userId;
      if (!user) {
        const me = await fetch('/api/auth', { headers });
        user = (await me.json())._id;
      }
      source.textContent = `Showing the demo account’s project “${chosen.name}”.`;
    } catch (error) {
      source.textContent = `Could not look up the demo account (${error.message}); the charts show their error state.`;
    }
  }
  for (const slot of document.querySelectorAll('.chart-slot')) {
    const chart = document.createElement('div');
    chart.setAttribute('data-timeledger-chart', '');
    chart.setAttribute('data-user-id', user || '');
    chart.setAttribute('data-project-id', project || '');
    chart.setAttribute('data-chart-type', slot.getAttribute('data-type'));
    chart.setAttribute('data-chart-kind', slot.getAttribute('data-kind'));
    if (slot.getAttribute('data-theme')) chart.setAttribute('data-theme', slot.getAttribute('data-theme'));
    if (params.get('start')) chart.setAttribute('data-start-date', params.get('start'));
    if (params.get('end')) chart.setAttribute('data-end-date', params.get('end'));
    slot.appendChild(chart);
  }
})();
